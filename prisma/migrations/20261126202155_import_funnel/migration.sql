-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "funnel" JSONB;
