import type { XmlElement } from '../../../common/xml/xml-tree';
import { classificationOf } from '../classification-system';
import { addText, hasText } from '../localized-text';
import type { LocalizedText, SupplierItemClassification, SupplierItemFeature } from '../supplier-item';
import { childText, children, trimmedText } from '../xml-element';
import { type BmecatContext, localizedTexts, textLanguage } from './bmecat-context';

/**
 * Classifications and features from PRODUCT_FEATURES (ARTICLE_FEATURES in 1.2). Each block names its
 * system (REFERENCE_FEATURE_SYSTEM_NAME: "ECLASS-5.1", "ETIM-7.0", "UNSPSC", or a system the file
 * defines in CLASSIFICATION_SYSTEM) and the product's class in it (REFERENCE_FEATURE_GROUP_ID, or
 * REFERENCE_FEATURE_GROUP_ID2): one classification per block. Its FEATUREs become features: FNAME
 * (per `lang`) as the name, each FVALUE a value (FVALUEs in several languages for one value are one
 * value: a value ends where a language repeats), FUNIT the unit. A FEATURE without FNAME (only a
 * reference into a FEATURE_SYSTEM) or without any value is left out; so is the exact repetition of a
 * feature another block already gave.
 */
export function bmecatFeatures(
  product: XmlElement,
  context: BmecatContext,
  line: number,
): { classifications: SupplierItemClassification[]; features: SupplierItemFeature[] } {
  const classifications = new Map<string, SupplierItemClassification>();
  const features: SupplierItemFeature[] = [];
  const blocks = children(product, 'PRODUCT_FEATURES', 'ARTICLE_FEATURES');
  // Repetitions can only come from a second block: the common single block needs no keys.
  const seen = blocks.length > 1 ? new Set<string>() : null;
  for (const block of blocks) {
    const system = childText(block, 'REFERENCE_FEATURE_SYSTEM_NAME');
    const group =
      childText(block, 'REFERENCE_FEATURE_GROUP_ID') ?? childText(block, 'REFERENCE_FEATURE_GROUP_ID2');
    if (system && group) {
      const classification = classificationIn(system, group, context);
      classifications.set(
        `${classification.type}|${classification.system}|${classification.code}`,
        classification,
      );
    }
    for (const element of children(block, 'FEATURE')) {
      const feature = featureOf(element, context, line);
      if (!feature) continue;
      const key = seen ? JSON.stringify(feature) : '';
      if (seen?.has(key)) continue;
      seen?.add(key);
      features.push(feature);
    }
  }
  return { classifications: [...classifications.values()], features };
}

function classificationIn(system: string, code: string, context: BmecatContext): SupplierItemClassification {
  const defined = context.classificationSystems.get(system);
  const recognized = classificationOf(defined ?? system, code);
  return defined && recognized.type !== 'other' ? { ...recognized, system } : classificationOf(system, code);
}

function featureOf(element: XmlElement, context: BmecatContext, line: number): SupplierItemFeature | null {
  const name = localizedTexts(children(element, 'FNAME'), context, line);
  if (!hasText(name)) return null;
  const values: LocalizedText[] = [];
  let value: LocalizedText = {};
  for (const fvalue of children(element, 'FVALUE')) {
    const language = textLanguage(fvalue, context, line);
    if (!language) continue;
    if (value[language] !== undefined) {
      values.push(value);
      value = {};
    }
    addText(value, language, trimmedText(fvalue));
  }
  if (hasText(value)) values.push(value);
  if (values.length === 0) return null;
  return { name, values, unit: childText(element, 'FUNIT') };
}
