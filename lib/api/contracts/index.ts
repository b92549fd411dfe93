/** Every /api/v1 contract: the OpenAPI document is built from this list, and a test checks each route file has its entry. */
import type { ApiContract } from '../contract';
import { listAnnotationsContract, myAnnotationsContract, submitAnnotationContract } from './annotations';
import { previewSampleContract } from './campaign-preview';
import { createCampaignContract, getCampaignContract, nextPairContract } from './campaigns';
import {
  getCampaignAgreementContract,
  getCampaignCorrelationsContract,
  getCampaignMapContract,
  getCorpusMapContract,
} from './dashboards';
import { skipPairContract } from './holds';
import { openApiDocumentContract } from './meta';
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
import { getPairContract, listPairsContract } from './pairs';
import {
  adjudicateContract,
  finalLabelsContract,
  importAnnotationFileContract,
  importGoldFileContract,
  setGoldContract,
} from './quality';
import { createCorpusContract, listCorporaContract, setCorpusLanguageContract } from './corpora';
import { getCorpusCorrelationsContract, getCorpusThresholdsContract } from './judgements';
import { getCampaignComparisonContract } from './label-comparison';
import { listAuditContract } from './audit';
import { getCampaignDistributionsContract, getCorpusDistributionsContract } from './distributions';
import {
  archiveCampaignContract,
  archiveCorpusContract,
  cloneCampaignContract,
  deleteCampaignContract,
  deleteCorpusContract,
} from './tidy';
import { cancelJobContract, dismissJobContract } from './jobs';
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
import {
  createApiTokenContract,
  createUserContract,
  resetUserPasswordContract,
  revokeApiTokenContract,
  revokeUserApiTokenContract,
  setUserActiveContract,
  setUserRoleContract,
} from './accounts';

export const apiContracts: readonly ApiContract[] = [
  createCampaignContract,
  previewSampleContract,
  getCampaignContract,
  nextPairContract,
  skipPairContract,
  submitAnnotationContract,
  myAnnotationsContract,
  listAnnotationsContract,
  setGoldContract,
  importGoldFileContract,
  importAnnotationFileContract,
  adjudicateContract,
  finalLabelsContract,
  getPairContract,
  listPairsContract,
  listCorporaContract,
  openApiDocumentContract,
  listAuditContract,
  listMiningRunsContract,
  getMiningRunContract,
  listMiningDumpsContract,
  startMiningRunContract,
  cancelMiningRunContract,
  resumeMiningRunContract,
  getCorpusMapContract,
  getCampaignMapContract,
  getCampaignAgreementContract,
  getCampaignCorrelationsContract,
  getCorpusCorrelationsContract,
  getCorpusThresholdsContract,
  getModelContract,
  installModelContract,
  getCampaignComparisonContract,
  getCorpusDistributionsContract,
  getCampaignDistributionsContract,
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
  cancelJobContract,
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
  createApiTokenContract,
  revokeApiTokenContract,
  createUserContract,
  setUserRoleContract,
  resetUserPasswordContract,
  setUserActiveContract,
  revokeUserApiTokenContract,
];
