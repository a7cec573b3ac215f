import * as z from 'zod';

/** `GET /`: the release the API reports. */
export const ApiInformationSchema = z.looseObject({ version: z.string() });
export type ApiInformation = z.infer<typeof ApiInformationSchema>;
