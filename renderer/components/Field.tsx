/** The first field wrapper; kept for its callers. New code: TextField and friends in FormFields.tsx. */
export { TextField as Field } from './FormFields.js';
