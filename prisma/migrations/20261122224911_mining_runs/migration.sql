-- CreateTable
CREATE TABLE "MiningRun" (
    "id" SERIAL NOT NULL,
    "dumpPath" TEXT NOT NULL,
    "dumpBytes" BIGINT NOT NULL,
    "dumpMtime" TIMESTAMP(3) NOT NULL,
    "indexPath" TEXT,
    "source" TEXT NOT NULL,
    "corpusName" TEXT NOT NULL,
    "corpusId" INTEGER,
    "importJobId" INTEGER,
    "options" JSONB NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'RUNNING',
    "phase" TEXT NOT NULL DEFAULT 'map',
    "resumable" BOOLEAN NOT NULL DEFAULT false,
    "chunksTotal" INTEGER NOT NULL DEFAULT 0,
    "chunksDone" INTEGER NOT NULL DEFAULT 0,
    "bytesTotal" BIGINT NOT NULL DEFAULT 0,
    "bytesDone" BIGINT NOT NULL DEFAULT 0,
    "xmlBytes" BIGINT NOT NULL DEFAULT 0,
    "pages" INTEGER NOT NULL DEFAULT 0,
    "references" INTEGER NOT NULL DEFAULT 0,
    "mbPerSecond" DOUBLE PRECISION,
    "funnel" JSONB,
    "message" TEXT,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "MiningRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MiningChunk" (
    "runId" INTEGER NOT NULL,
    "index" INTEGER NOT NULL,
    "start" BIGINT NOT NULL,
    "end" BIGINT NOT NULL,
    "expectedPages" INTEGER,
    "doneAt" TIMESTAMP(3),
    "pages" INTEGER NOT NULL DEFAULT 0,
    "references" INTEGER NOT NULL DEFAULT 0,
    "xmlBytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "MiningChunk_pkey" PRIMARY KEY ("runId","index")
);

-- CreateIndex
CREATE INDEX "MiningRun_createdAt_idx" ON "MiningRun"("createdAt");

-- CreateIndex
CREATE INDEX "MiningRun_dumpPath_idx" ON "MiningRun"("dumpPath");

-- AddForeignKey
ALTER TABLE "MiningRun" ADD CONSTRAINT "MiningRun_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MiningRun" ADD CONSTRAINT "MiningRun_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MiningChunk" ADD CONSTRAINT "MiningChunk_runId_fkey" FOREIGN KEY ("runId") REFERENCES "MiningRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
