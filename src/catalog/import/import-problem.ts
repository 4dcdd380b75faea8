/** Why a row of an import file was not imported: its line, the field (when one is to blame), the reason. */
export interface ImportProblem {
  line: number;
  field?: string;
  reason: string;
}

/**
 * The problems of one row. The record validator names each problem `field: reason`
 * (product-record.validator.ts), e.g. `offers[0].currency: three upper-case letters`; problems of
 * the file itself (not valid JSON or CSV) name no field.
 */
export function importProblems(line: number, messages: string[]): ImportProblem[] {
  return messages.map((message) => {
    const match = /^([A-Za-z][\w.[\]-]*): ([\s\S]+)$/.exec(message);
    return match ? { line, field: match[1], reason: match[2] } : { line, reason: message };
  });
}
