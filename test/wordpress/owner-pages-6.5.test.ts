import { describeOwnerPages } from './owner-pages-suite';

describeOwnerPages('6.5');
