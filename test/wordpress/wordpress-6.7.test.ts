import { describeWordPressSite } from './site-suite';

describeWordPressSite('6.7');
