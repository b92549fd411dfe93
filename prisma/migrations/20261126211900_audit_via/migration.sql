-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "via" TEXT;

-- CreateIndex
CREATE INDEX "AuditLog_action_createdAt_idx" ON "AuditLog"("action", "createdAt");
