/**
 * Keys of the profile attributes' texts (`attributes.<name>.label`, `attributes.<name>.values.<value>`),
 * typed from the contract's value lists: a value the catalogue lacks does not compile.
 */
import { PROFILE_ATTRIBUTES, type Gender } from '#src/lib/constants.ts';
import type { TranslationKey } from './keys.ts';

/** The attributes with texts: the contract's, plus gender. */
type Attributes = typeof PROFILE_ATTRIBUTES & { gender: readonly Gender[] };
export type AttributeName = keyof Attributes;
export type AttributeValue<Name extends AttributeName> = Attributes[Name][number];

/** Each attribute with its own values only (not every name with every value). */
type AttributeValueKey = {
  [Name in AttributeName]: `attributes.${Name}.values.${AttributeValue<Name>}`;
}[AttributeName];

/** The key of an attribute value's text: `attributeValueKey('hair_color', 'red')`. */
export function attributeValueKey<Name extends AttributeName>(name: Name, value: AttributeValue<Name>): TranslationKey {
  // Returning it as TranslationKey checks that en.json has a text for every value of every attribute.
  const key = `attributes.${name}.values.${value}` as AttributeValueKey;
  return key;
}
