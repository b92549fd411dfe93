-- AlterTable
ALTER TABLE "CorpusMeasure" ADD COLUMN     "modelRunId" INTEGER;

-- CreateTable
CREATE TABLE "ModelEndpoint" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "keyEnv" TEXT,
    "keySealed" TEXT,
    "concurrency" INTEGER NOT NULL DEFAULT 1,
    "timeoutSeconds" INTEGER NOT NULL DEFAULT 120,
    "requestsPerMinute" INTEGER,
    "responseFormat" TEXT,
    "logprobs" BOOLEAN,
    "rateAt" TIMESTAMP(3),
    "pausedUntil" TIMESTAMP(3),
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ModelEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelRun" (
    "id" SERIAL NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "endpointId" INTEGER,
    "endpointName" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "rater" TEXT NOT NULL,
    "promptVersion" INTEGER NOT NULL,
    "promptTemplate" TEXT NOT NULL,
    "promptHash" TEXT NOT NULL,
    "wordingVersion" INTEGER NOT NULL,
    "questions" TEXT[],
    "pairs" TEXT NOT NULL,
    "samples" INTEGER NOT NULL DEFAULT 1,
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "seed" INTEGER,
    "maxTokens" INTEGER,
    "swap" BOOLEAN NOT NULL DEFAULT false,
    "repeatOfId" INTEGER,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "pairsTotal" INTEGER NOT NULL DEFAULT 0,
    "pairsDone" INTEGER NOT NULL DEFAULT 0,
    "requestsTotal" INTEGER NOT NULL DEFAULT 0,
    "requestsDone" INTEGER NOT NULL DEFAULT 0,
    "requestsFailed" INTEGER NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "reasked" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" BIGINT NOT NULL DEFAULT 0,
    "completionTokens" BIGINT NOT NULL DEFAULT 0,
    "rate" DOUBLE PRECISION,
    "message" TEXT,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ownerId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ModelRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelRunItem" (
    "runId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "answers" JSONB,
    "confidence" JSONB,
    "expected" JSONB,
    "swapAnswers" JSONB,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "ModelRunItem_pkey" PRIMARY KEY ("runId","pairId")
);

-- CreateTable
CREATE TABLE "ModelRequest" (
    "id" SERIAL NOT NULL,
    "runId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "swapped" BOOLEAN NOT NULL DEFAULT false,
    "sample" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "answers" JSONB,
    "failure" TEXT,
    "raw" TEXT,
    "reasoning" TEXT,
    "finishReason" TEXT,
    "responseModel" TEXT,
    "systemFingerprint" TEXT,
    "promptTokens" INTEGER,
    "completionTokens" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL,
    "reasked" BOOLEAN NOT NULL DEFAULT false,
    "format" TEXT NOT NULL,
    "expected" JSONB,
    "seed" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ModelEndpoint_name_key" ON "ModelEndpoint"("name");

-- CreateIndex
CREATE INDEX "ModelRun_campaignId_createdAt_idx" ON "ModelRun"("campaignId", "createdAt");

-- CreateIndex
CREATE INDEX "ModelRun_status_idx" ON "ModelRun"("status");

-- CreateIndex
CREATE INDEX "ModelRun_endpointId_idx" ON "ModelRun"("endpointId");

-- CreateIndex
CREATE INDEX "ModelRunItem_runId_position_idx" ON "ModelRunItem"("runId", "position");

-- CreateIndex
CREATE INDEX "ModelRunItem_pairId_idx" ON "ModelRunItem"("pairId");

-- CreateIndex
CREATE INDEX "ModelRequest_pairId_idx" ON "ModelRequest"("pairId");

-- CreateIndex
CREATE UNIQUE INDEX "ModelRequest_runId_pairId_swapped_sample_key" ON "ModelRequest"("runId", "pairId", "swapped", "sample");

-- AddForeignKey
ALTER TABLE "CorpusMeasure" ADD CONSTRAINT "CorpusMeasure_modelRunId_fkey" FOREIGN KEY ("modelRunId") REFERENCES "ModelRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelEndpoint" ADD CONSTRAINT "ModelEndpoint_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRun" ADD CONSTRAINT "ModelRun_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRun" ADD CONSTRAINT "ModelRun_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "ModelEndpoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRun" ADD CONSTRAINT "ModelRun_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRunItem" ADD CONSTRAINT "ModelRunItem_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ModelRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRunItem" ADD CONSTRAINT "ModelRunItem_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRequest" ADD CONSTRAINT "ModelRequest_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ModelRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRequest" ADD CONSTRAINT "ModelRequest_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
