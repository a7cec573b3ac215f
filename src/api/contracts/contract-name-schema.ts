import * as z from 'zod';
import { CONTRACT_NAMES } from './api-contract.js';

/** A contract's name as configuration gives it; apart from {@link CONTRACT_NAMES} so that `docsync --help` loads no zod. */
export const ContractNameSchema = z.enum(CONTRACT_NAMES, {
  error: (issue) => `unknown contract ${JSON.stringify(issue.input)}: use one of ${CONTRACT_NAMES.join(', ')}`,
});
