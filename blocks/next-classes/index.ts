import { registerDynamicBlock } from '../shared/block-registration';
import metadata from './block.json';
import Edit from './edit';

registerDynamicBlock(metadata, Edit);
