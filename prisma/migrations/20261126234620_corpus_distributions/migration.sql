-- CreateTable
CREATE TABLE "CorpusDistribution" (
    "corpusId" INTEGER NOT NULL,
    "split" TEXT NOT NULL,
    "stamp" TEXT NOT NULL,
    "labels" INTEGER NOT NULL,
    "groups" JSONB NOT NULL,
    "figures" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CorpusDistribution_pkey" PRIMARY KEY ("corpusId","split")
);

-- AddForeignKey
ALTER TABLE "CorpusDistribution" ADD CONSTRAINT "CorpusDistribution_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;
