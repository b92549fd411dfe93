-- AlterTable
ALTER TABLE "ExportJob" ADD COLUMN     "filesFolderId" TEXT;

-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "filesFolderId" TEXT;

-- AlterTable
ALTER TABLE "MiningRun" ADD COLUMN     "filesFolderId" TEXT;

-- AlterTable
ALTER TABLE "ModelInstallJob" ADD COLUMN     "filesFolderId" TEXT;
