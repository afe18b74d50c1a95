import { registerDynamicBlock } from '../shared/block-registration';
import metadata from './block.json';
import Edit from './edit';
import './style.css';

registerDynamicBlock(metadata, Edit);
