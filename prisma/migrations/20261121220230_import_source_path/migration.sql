-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "sourcePath" TEXT;
