import { Module } from '@nestjs/common';
import { ComplianceQueries } from './compliance.queries';

/** Compliance's reads of other features' tables, for the review, the console and sign-in alike. */
@Module({ providers: [ComplianceQueries], exports: [ComplianceQueries] })
export class ComplianceQueriesModule {}
