-- CreateEnum
CREATE TYPE "BackupTrigger" AS ENUM ('SCHEDULED', 'COMMAND');

-- CreateTable
CREATE TABLE "BackupRun" (
    "id" SERIAL NOT NULL,
    "trigger" "BackupTrigger" NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'RUNNING',
    "file" TEXT,
    "bytes" BIGINT,
    "contents" JSONB,
    "message" TEXT,
    "host" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "BackupRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BackupRun_trigger_startedAt_idx" ON "BackupRun"("trigger", "startedAt");
