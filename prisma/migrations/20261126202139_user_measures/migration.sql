-- CreateEnum
CREATE TYPE "MeasureAxis" AS ENUM ('NONE', 'SEMANTIC', 'SYNTACTIC');

-- CreateTable
CREATE TABLE "CorpusMeasure" (
    "id" SERIAL NOT NULL,
    "corpusId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "source" TEXT,
    "axis" "MeasureAxis" NOT NULL DEFAULT 'NONE',
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CorpusMeasure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PairScore" (
    "measureId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "PairScore_pkey" PRIMARY KEY ("measureId","pairId")
);

-- CreateIndex
CREATE UNIQUE INDEX "CorpusMeasure_corpusId_name_key" ON "CorpusMeasure"("corpusId", "name");

-- CreateIndex
CREATE INDEX "PairScore_pairId_idx" ON "PairScore"("pairId");

-- AddForeignKey
ALTER TABLE "CorpusMeasure" ADD CONSTRAINT "CorpusMeasure_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CorpusMeasure" ADD CONSTRAINT "CorpusMeasure_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PairScore" ADD CONSTRAINT "PairScore_measureId_fkey" FOREIGN KEY ("measureId") REFERENCES "CorpusMeasure"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PairScore" ADD CONSTRAINT "PairScore_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
