-- CreateTable
CREATE TABLE "ModelInstallJob" (
    "id" SERIAL NOT NULL,
    "model" TEXT NOT NULL,
    "createdById" INTEGER,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "phase" TEXT,
    "bytesDone" BIGINT NOT NULL DEFAULT 0,
    "bytesTotal" BIGINT NOT NULL DEFAULT 0,
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ownerId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ModelInstallJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ModelInstallJob_model_createdAt_idx" ON "ModelInstallJob"("model", "createdAt");

-- CreateIndex
CREATE INDEX "ModelInstallJob_status_idx" ON "ModelInstallJob"("status");

-- AddForeignKey
ALTER TABLE "ModelInstallJob" ADD CONSTRAINT "ModelInstallJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
