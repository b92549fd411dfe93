-- AlterTable
ALTER TABLE "MiningRun" ADD COLUMN     "cancelRequested" BOOLEAN NOT NULL DEFAULT false;
