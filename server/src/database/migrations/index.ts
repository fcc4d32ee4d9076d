import { CustomForm1795673000000 } from './1795673000000-CustomForm';
import { Pusher1795653000000 } from './1795653000000-Pusher';
import { FriendLinkDynamicPage1795675000000 } from './1795675000000-FriendLinkDynamicPage';
import { GenTable1795654000000 } from './1795654000000-GenTable';
import { Votes1795663000000 } from './1795663000000-Votes';
import { CmsWords1795660000000 } from './1795660000000-CmsWords';
import { SiteSearch1795662000000 } from './1795662000000-SiteSearch';
import { SensitiveWordsComments1795661000000 } from './1795661000000-SensitiveWordsComments';
import { UploadFile1795636418623 } from './1795636418623-UploadFile';
import { Payment1795640000000 } from './1795640000000-Payment';
import { ServerInstance1795652000000 } from './1795652000000-ServerInstance';
import { SiteStorage1795636241986 } from './1795636241986-SiteStorage';
import { CmsResource1795636194064 } from './1795636194064-CmsResource';
import { PartitionFingerprints1795628833643 } from './1795628833643-PartitionFingerprints';
import { AigcLlmWeight1795627977210 } from './1795627977210-AigcLlmWeight';
import { ListIndexes1795627035072 } from './1795627035072-ListIndexes';
import { PublishTaskHeartbeat1795625108982 } from './1795625108982-PublishTaskHeartbeat';
import { UniqueNames1795615281426 } from './1795615281426-UniqueNames';
import { DashboardIndexes1795620000000 } from './1795620000000-DashboardIndexes';
import { CheckOrder1795296329939 } from './1795296329939-CheckOrder';
import { CheckProduct1795296269535 } from './1795296269535-CheckProduct';
import { AiWriting1795294005755 } from './1795294005755-AiWriting';
import { CmsContentCount1795330000000 } from './1795330000000-CmsContentCount';
import { CmsCore1795320000000 } from './1795320000000-CmsCore';
import { CheckService1795310000000 } from './1795310000000-CheckService';
import { CheckTask1795292137807 } from './1795292137807-CheckTask';
import { MemberRealm1795291594346 } from './1795291594346-MemberRealm';
import { CheckLibrary1795291340579 } from './1795291340579-CheckLibrary';
import { IdentitySchema1763827200000 } from './1763827200000-IdentitySchema';
import { InitSchema1763740800000 } from './1763740800000-InitSchema';
import { ScheduledTask1795651000000 } from './1795651000000-ScheduledTask';
import { ScheduledJob1795650000000 } from './1795650000000-ScheduledJob';
import { SiteStat1795664000000 } from './1795664000000-SiteStat';
import { SearchRankDoc1795676000000 } from './1795676000000-SearchRankDoc';
import { StatClientTypes1795677000000 } from './1795677000000-StatClientTypes';
import { ContentPipeStatistics1795678000000 } from './1795678000000-ContentPipeStatistics';
import { CmsPageWidget1795670000000 } from './1795670000000-CmsPageWidget';
import { CmsAdvertisement1795671000000 } from './1795671000000-CmsAdvertisement';
import { ExtendModel1795672000000 } from './1795672000000-ExtendModel';

/** Every migration, oldest first. A new one is appended here. */
export const MIGRATIONS = [
  InitSchema1763740800000,
  IdentitySchema1763827200000,
  CheckLibrary1795291340579,
  MemberRealm1795291594346,
  CheckTask1795292137807,
  AiWriting1795294005755,
  CheckProduct1795296269535,
  CheckOrder1795296329939,
  CheckService1795310000000,
  CmsCore1795320000000,
  CmsContentCount1795330000000,
  UniqueNames1795615281426,
  DashboardIndexes1795620000000,
  PublishTaskHeartbeat1795625108982,
  ListIndexes1795627035072,
  AigcLlmWeight1795627977210,
  PartitionFingerprints1795628833643,
  CmsResource1795636194064,
  SiteStorage1795636241986,
  UploadFile1795636418623,
  Payment1795640000000,
  ScheduledTask1795651000000,
  ScheduledJob1795650000000,
  ServerInstance1795652000000,
  Pusher1795653000000,
  GenTable1795654000000,
  Votes1795663000000,
  CmsWords1795660000000,
  SiteSearch1795662000000,
  SensitiveWordsComments1795661000000,
  SiteStat1795664000000,
  CmsPageWidget1795670000000,
  CmsAdvertisement1795671000000,
  FriendLinkDynamicPage1795675000000,
  CustomForm1795673000000,
  ExtendModel1795672000000,
  SearchRankDoc1795676000000,
  StatClientTypes1795677000000,
  ContentPipeStatistics1795678000000,
];
