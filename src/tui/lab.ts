export { LAB_KEYS } from './lab/keys.js';
export { LabScreen } from './lab/screen.js';
export { labCells, labTable, type LabTable } from './lab/table.js';
