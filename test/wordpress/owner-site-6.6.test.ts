import { describeOwnerSite } from './owner-site-suite';

describeOwnerSite('6.6');
