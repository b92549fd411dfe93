-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "wordingVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN     "wordingVersion" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "CampaignWordingVersion" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "guidelines" TEXT NOT NULL,
    "questions" JSONB NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '[]',
    "editorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CampaignWordingVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CampaignWordingVersion_campaignId_number_key" ON "CampaignWordingVersion"("campaignId", "number");

-- AddForeignKey
ALTER TABLE "CampaignWordingVersion" ADD CONSTRAINT "CampaignWordingVersion_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignWordingVersion" ADD CONSTRAINT "CampaignWordingVersion_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
