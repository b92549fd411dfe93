-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'RESEARCHER', 'ANNOTATOR');

-- CreateEnum
CREATE TYPE "CorpusTier" AS ENUM ('GOLD', 'SILVER', 'BRONZE', 'NONE');

-- CreateEnum
CREATE TYPE "TextType" AS ENUM ('CAPTION', 'ALT_TEXT', 'SENTENCE');

-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('DRAFT', 'ACTIVE', 'PAUSED', 'CLOSED');

-- CreateEnum
CREATE TYPE "CampaignRole" AS ENUM ('ANNOTATOR', 'ADJUDICATOR', 'MANAGER');

-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('PENDING', 'SUBMITTED', 'SKIPPED');

-- CreateEnum
CREATE TYPE "EntailmentRelation" AS ENUM ('EQUIVALENCE', 'ENTAILMENT', 'INTERSECTION', 'EXCLUSION', 'NEGATION');

-- CreateEnum
CREATE TYPE "EntailmentDirection" AS ENUM ('A_TO_B', 'B_TO_A');

-- CreateEnum
CREATE TYPE "AdjudicationMethod" AS ENUM ('AGREEMENT', 'DISCUSSION', 'ADJUDICATOR', 'MAJORITY');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ExportFormat" AS ENUM ('CSV', 'JSONL');

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'ANNOTATOR',
    "passwordHash" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "blockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" SERIAL NOT NULL,
    "actorId" INTEGER,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "details" JSONB,
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Corpus" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "tier" "CorpusTier" NOT NULL DEFAULT 'NONE',
    "source" TEXT,
    "licence" TEXT,
    "attribution" TEXT,
    "description" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Corpus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Image" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "url" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Image_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Text" (
    "id" SERIAL NOT NULL,
    "corpusId" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "type" "TextType" NOT NULL DEFAULT 'SENTENCE',
    "imageId" INTEGER,
    "sourcePage" TEXT,
    "sourceTitle" TEXT,
    "wordCount" INTEGER NOT NULL,
    "contentKey" UUID NOT NULL,
    "importJobId" INTEGER,

    CONSTRAINT "Text_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pair" (
    "id" SERIAL NOT NULL,
    "corpusId" INTEGER NOT NULL,
    "textAId" INTEGER NOT NULL,
    "textBId" INTEGER NOT NULL,
    "imageId" INTEGER,
    "pairKey" UUID NOT NULL,
    "originalId" TEXT,
    "clusterId" TEXT,
    "metadata" JSONB,
    "referenceLabel" TEXT,
    "referenceScore" DOUBLE PRECISION,
    "referenceIsParaphrase" BOOLEAN,
    "importJobId" INTEGER,
    "lengthA" INTEGER NOT NULL,
    "lengthB" INTEGER NOT NULL,
    "rouge1" DOUBLE PRECISION,
    "rougeL" DOUBLE PRECISION,
    "bleu" DOUBLE PRECISION,
    "syn" DOUBLE PRECISION,
    "levenshtein" DOUBLE PRECISION,
    "ngramOverlap" DOUBLE PRECISION,
    "lcpOverlap" DOUBLE PRECISION,
    "sumo" DOUBLE PRECISION,
    "wms" DOUBLE PRECISION,
    "bertscore" DOUBLE PRECISION,
    "st" DOUBLE PRECISION,
    "sem" DOUBLE PRECISION,
    "delta" DOUBLE PRECISION,
    "semParts" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Campaign" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT,
    "guidelines" TEXT NOT NULL DEFAULT '',
    "status" "CampaignStatus" NOT NULL DEFAULT 'DRAFT',
    "questions" JSONB NOT NULL,
    "overlap" INTEGER NOT NULL DEFAULT 2,
    "sampling" JSONB NOT NULL,
    "goldEvery" INTEGER NOT NULL DEFAULT 0,
    "goldMinAccuracy" DOUBLE PRECISION NOT NULL DEFAULT 0.85,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignCorpus" (
    "campaignId" INTEGER NOT NULL,
    "corpusId" INTEGER NOT NULL,

    CONSTRAINT "CampaignCorpus_pkey" PRIMARY KEY ("campaignId","corpusId")
);

-- CreateTable
CREATE TABLE "CampaignMember" (
    "campaignId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "role" "CampaignRole" NOT NULL DEFAULT 'ANNOTATOR',
    "addedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CampaignMember_pkey" PRIMARY KEY ("campaignId","userId")
);

-- CreateTable
CREATE TABLE "CampaignItem" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "isGold" BOOLEAN NOT NULL DEFAULT false,
    "stratum" TEXT,

    CONSTRAINT "CampaignItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'PENDING',
    "assignedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Annotation" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "annotatorId" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,
    "semantic" INTEGER,
    "syntactic" INTEGER,
    "paraphraseLoose" BOOLEAN,
    "paraphraseStrict" BOOLEAN,
    "entailment" "EntailmentRelation",
    "entailmentDirection" "EntailmentDirection",
    "rationale" TEXT,
    "durationMs" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Annotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AnnotationRevision" (
    "id" SERIAL NOT NULL,
    "annotationId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,
    "values" JSONB NOT NULL,
    "editorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AnnotationRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "adjudicatorId" INTEGER,
    "method" "AdjudicationMethod" NOT NULL,
    "semantic" INTEGER,
    "syntactic" INTEGER,
    "paraphraseLoose" BOOLEAN,
    "paraphraseStrict" BOOLEAN,
    "entailment" "EntailmentRelation",
    "entailmentDirection" "EntailmentDirection",
    "rationale" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GoldAnswer" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "semantic" INTEGER,
    "syntactic" INTEGER,
    "paraphraseLoose" BOOLEAN,
    "paraphraseStrict" BOOLEAN,
    "entailment" "EntailmentRelation",
    "entailmentDirection" "EntailmentDirection",
    "explanation" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoldAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" SERIAL NOT NULL,
    "corpusId" INTEGER NOT NULL,
    "createdById" INTEGER,
    "fileName" TEXT NOT NULL,
    "fileSha256" TEXT,
    "fileBytes" BIGINT,
    "format" TEXT,
    "options" JSONB,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "bytesRead" BIGINT NOT NULL DEFAULT 0,
    "recordsRead" INTEGER NOT NULL DEFAULT 0,
    "imported" INTEGER NOT NULL DEFAULT 0,
    "duplicates" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "rejectsPath" TEXT,
    "sourcePath" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExportJob" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER,
    "corpusId" INTEGER,
    "createdById" INTEGER,
    "format" "ExportFormat" NOT NULL,
    "filters" JSONB,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "filePath" TEXT,
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ExportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppSetting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AppSetting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_createdAt_idx" ON "AuditLog"("actorId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_targetType_targetId_idx" ON "AuditLog"("targetType", "targetId");

-- CreateIndex
CREATE UNIQUE INDEX "Corpus_name_key" ON "Corpus"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Corpus_slug_key" ON "Corpus"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Image_key_key" ON "Image"("key");

-- CreateIndex
CREATE INDEX "Text_imageId_idx" ON "Text"("imageId");

-- CreateIndex
CREATE UNIQUE INDEX "Text_corpusId_contentKey_key" ON "Text"("corpusId", "contentKey");

-- CreateIndex
CREATE INDEX "Pair_corpusId_id_idx" ON "Pair"("corpusId", "id");

-- CreateIndex
CREATE INDEX "Pair_textAId_idx" ON "Pair"("textAId");

-- CreateIndex
CREATE INDEX "Pair_textBId_idx" ON "Pair"("textBId");

-- CreateIndex
CREATE UNIQUE INDEX "Pair_corpusId_pairKey_key" ON "Pair"("corpusId", "pairKey");

-- CreateIndex
CREATE UNIQUE INDEX "Campaign_slug_key" ON "Campaign"("slug");

-- CreateIndex
CREATE INDEX "CampaignCorpus_corpusId_idx" ON "CampaignCorpus"("corpusId");

-- CreateIndex
CREATE INDEX "CampaignMember_userId_idx" ON "CampaignMember"("userId");

-- CreateIndex
CREATE INDEX "CampaignItem_campaignId_position_idx" ON "CampaignItem"("campaignId", "position");

-- CreateIndex
CREATE INDEX "CampaignItem_pairId_idx" ON "CampaignItem"("pairId");

-- CreateIndex
CREATE UNIQUE INDEX "CampaignItem_campaignId_pairId_key" ON "CampaignItem"("campaignId", "pairId");

-- CreateIndex
CREATE INDEX "Assignment_userId_campaignId_status_position_idx" ON "Assignment"("userId", "campaignId", "status", "position");

-- CreateIndex
CREATE INDEX "Assignment_campaignId_status_idx" ON "Assignment"("campaignId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_campaignId_pairId_userId_key" ON "Assignment"("campaignId", "pairId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_submissionId_key" ON "Annotation"("submissionId");

-- CreateIndex
CREATE INDEX "Annotation_campaignId_pairId_idx" ON "Annotation"("campaignId", "pairId");

-- CreateIndex
CREATE INDEX "Annotation_annotatorId_campaignId_idx" ON "Annotation"("annotatorId", "campaignId");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_campaignId_pairId_annotatorId_key" ON "Annotation"("campaignId", "pairId", "annotatorId");

-- CreateIndex
CREATE UNIQUE INDEX "AnnotationRevision_submissionId_key" ON "AnnotationRevision"("submissionId");

-- CreateIndex
CREATE INDEX "AnnotationRevision_annotationId_version_idx" ON "AnnotationRevision"("annotationId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_campaignId_pairId_key" ON "Adjudication"("campaignId", "pairId");

-- CreateIndex
CREATE UNIQUE INDEX "GoldAnswer_campaignId_pairId_key" ON "GoldAnswer"("campaignId", "pairId");

-- CreateIndex
CREATE INDEX "ImportJob_corpusId_createdAt_idx" ON "ImportJob"("corpusId", "createdAt");

-- CreateIndex
CREATE INDEX "ImportJob_corpusId_fileSha256_idx" ON "ImportJob"("corpusId", "fileSha256");

-- CreateIndex
CREATE INDEX "ImportJob_status_idx" ON "ImportJob"("status");

-- CreateIndex
CREATE INDEX "ExportJob_campaignId_idx" ON "ExportJob"("campaignId");

-- CreateIndex
CREATE INDEX "ExportJob_corpusId_idx" ON "ExportJob"("corpusId");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Corpus" ADD CONSTRAINT "Corpus_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Text" ADD CONSTRAINT "Text_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Text" ADD CONSTRAINT "Text_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Image"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_textAId_fkey" FOREIGN KEY ("textAId") REFERENCES "Text"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_textBId_fkey" FOREIGN KEY ("textBId") REFERENCES "Text"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Image"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_importJobId_fkey" FOREIGN KEY ("importJobId") REFERENCES "ImportJob"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignCorpus" ADD CONSTRAINT "CampaignCorpus_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignCorpus" ADD CONSTRAINT "CampaignCorpus_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignMember" ADD CONSTRAINT "CampaignMember_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignMember" ADD CONSTRAINT "CampaignMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignItem" ADD CONSTRAINT "CampaignItem_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignItem" ADD CONSTRAINT "CampaignItem_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotationRevision" ADD CONSTRAINT "AnnotationRevision_annotationId_fkey" FOREIGN KEY ("annotationId") REFERENCES "Annotation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotationRevision" ADD CONSTRAINT "AnnotationRevision_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_adjudicatorId_fkey" FOREIGN KEY ("adjudicatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldAnswer" ADD CONSTRAINT "GoldAnswer_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldAnswer" ADD CONSTRAINT "GoldAnswer_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExportJob" ADD CONSTRAINT "ExportJob_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExportJob" ADD CONSTRAINT "ExportJob_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExportJob" ADD CONSTRAINT "ExportJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
