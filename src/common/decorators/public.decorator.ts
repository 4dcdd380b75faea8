import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'isPublic';

/** Opts a route out of the global bearer guard (token endpoint, health, browser punchout pages). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);
