import { describeBlocks } from './blocks-suite';

describeBlocks('6.7');
