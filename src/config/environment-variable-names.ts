import { getMetadataStorage } from 'class-validator';
import { EnvironmentVariables } from './environment.dto';

/**
 * The names of every variable the gateway reads, taken from the DTO's validation metadata: every
 * property has at least one decorator, so optional variables without a default are found too.
 */
export const ENVIRONMENT_VARIABLE_NAMES: readonly string[] = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(EnvironmentVariables, '', true, false)
      .map((metadata) => metadata.propertyName),
  ),
];
