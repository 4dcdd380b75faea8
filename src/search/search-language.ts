// The language negotiation is shared by every API feature and lives in src/common/i18n; the facets
// builder still names it from here.
export { LANGUAGES, negotiateLanguage } from '../common/i18n/language';
export type { Language } from '../common/i18n/language';
