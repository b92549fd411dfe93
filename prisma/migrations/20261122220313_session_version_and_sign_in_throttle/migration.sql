-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "LoginThrottle" DROP CONSTRAINT "LoginThrottle_pkey",
DROP COLUMN "windowStart",
ADD COLUMN     "expiresAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "lastFailureAt" TIMESTAMP(3),
ADD COLUMN     "lastSuccessAt" TIMESTAMP(3),
ALTER COLUMN "key" SET DATA TYPE VARCHAR(160),
ADD CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key");

-- CreateIndex
CREATE INDEX "LoginThrottle_expiresAt_idx" ON "LoginThrottle"("expiresAt");
