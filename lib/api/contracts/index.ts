/** Every /api/v1 contract: the OpenAPI document is built from this list, and a test checks each route file has its entry. */
import type { ApiContract } from '../contract';
import { listAnnotations, myAnnotations, submitAnnotation } from './annotations';
import { previewSample } from './campaign-preview';
import { createCampaign, getCampaign, nextPair } from './campaigns';
import { getCampaignAgreement, getCampaignCorrelations, getCampaignMap, getCorpusMap } from './dashboards';
import { skipPair } from './holds';
import { openApiDocument } from './meta';
import {
  cancelMiningRunContract,
  getMiningRunContract,
  listMiningDumpsContract,
  listMiningRunsContract,
  resumeMiningRunContract,
  startMiningRunContract,
} from './mining';
import { getModelContract, installModelContract } from './models';
import {
  createModelEndpointContract,
  deleteModelEndpointContract,
  getModelEndpointContract,
  listEndpointModelsContract,
  listModelEndpointsContract,
  updateModelEndpointContract,
} from './model-endpoints';
import {
  cancelModelRunContract,
  deleteModelRunContract,
  getModelPromptContract,
  getModelRunAnswersContract,
  getModelRunContract,
  listModelRunsContract,
  resumeModelRunContract,
  startModelRunContract,
} from './model-runs';
import { compareModelRunsContract, getModelRunReportContract } from './model-run-report';
import { getPair, listPairs } from './pairs';
import {
  adjudicateContract,
  finalLabelsContract,
  importAnnotationFileContract,
  importGoldFileContract,
  setGoldContract,
} from './quality';
import { createCorpusContract, listCorpora, setCorpusLanguageContract } from './corpora';
import { getCorpusCorrelations, getCorpusThresholds } from './judgements';
import { getCampaignComparison } from './label-comparison';
import { listAuditContract } from './audit';
import { getCampaignDistributions, getCorpusDistributions } from './distributions';
import {
  archiveCampaignContract,
  archiveCorpusContract,
  cloneCampaignContract,
  deleteCampaignContract,
  deleteCorpusContract,
  dismissJobContract,
} from './tidy';
import { editWordingContract } from './wording';
import {
  addCampaignMemberContract,
  changeCampaignStatusContract,
  redrawCampaignContract,
  removeCampaignMemberContract,
  setGoldEveryContract,
  setMemberExcludedContract,
  updateQualitySettingsContract,
} from './campaign-controls';
import { cancelImportContract, getImportPreviewContract, startImportContract } from './imports';
import { deleteExportContract, rerunExportContract, startExportContract } from './exports';
import { cancelScoringContract, completeMeasuresContract, setSemMeasuresContract, startScoringContract } from './scoring';
import { deleteUserMeasureContract, importScoresContract, listUserMeasuresContract } from './user-measures';

export const apiContracts: readonly ApiContract[] = [
  createCampaign,
  previewSample,
  getCampaign,
  nextPair,
  skipPair,
  submitAnnotation,
  myAnnotations,
  listAnnotations,
  setGoldContract,
  importGoldFileContract,
  importAnnotationFileContract,
  adjudicateContract,
  finalLabelsContract,
  getPair,
  listPairs,
  listCorpora,
  openApiDocument,
  listAuditContract,
  listMiningRunsContract,
  getMiningRunContract,
  listMiningDumpsContract,
  startMiningRunContract,
  cancelMiningRunContract,
  resumeMiningRunContract,
  getCorpusMap,
  getCampaignMap,
  getCampaignAgreement,
  getCampaignCorrelations,
  getCorpusCorrelations,
  getCorpusThresholds,
  getModelContract,
  installModelContract,
  getCampaignComparison,
  getCorpusDistributions,
  getCampaignDistributions,
  listUserMeasuresContract,
  importScoresContract,
  deleteUserMeasureContract,
  archiveCorpusContract,
  deleteCorpusContract,
  archiveCampaignContract,
  deleteCampaignContract,
  editWordingContract,
  cloneCampaignContract,
  dismissJobContract,
  getImportPreviewContract,
  startImportContract,
  listModelEndpointsContract,
  createModelEndpointContract,
  getModelEndpointContract,
  updateModelEndpointContract,
  deleteModelEndpointContract,
  listEndpointModelsContract,
  startModelRunContract,
  listModelRunsContract,
  getModelPromptContract,
  getModelRunContract,
  getModelRunAnswersContract,
  cancelModelRunContract,
  resumeModelRunContract,
  deleteModelRunContract,
  getModelRunReportContract,
  compareModelRunsContract,
  changeCampaignStatusContract,
  addCampaignMemberContract,
  removeCampaignMemberContract,
  setMemberExcludedContract,
  redrawCampaignContract,
  updateQualitySettingsContract,
  setGoldEveryContract,
  cancelImportContract,
  createCorpusContract,
  setCorpusLanguageContract,
  startExportContract,
  rerunExportContract,
  deleteExportContract,
  startScoringContract,
  completeMeasuresContract,
  cancelScoringContract,
  setSemMeasuresContract,
];
