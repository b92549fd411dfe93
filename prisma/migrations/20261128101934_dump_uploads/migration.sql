-- CreateTable
CREATE TABLE "DumpUpload" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "completedAt" TIMESTAMP(3),
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DumpUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DumpUpload_name_key" ON "DumpUpload"("name");

-- CreateIndex
CREATE INDEX "DumpUpload_createdById_idx" ON "DumpUpload"("createdById");

-- AddForeignKey
ALTER TABLE "DumpUpload" ADD CONSTRAINT "DumpUpload_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
