import * as z from 'zod';
import { NullableRoleSchema } from './common.js';

export const UpdateMemberBodySchema = z.object({ role: NullableRoleSchema });
