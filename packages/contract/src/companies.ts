import { z } from 'zod';
import { countryField, ID_MAX, optionalText, phoneField, requiredText, timezoneField } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { type CompanyType, companyTypes } from './roles.ts';
import { answerInstant } from './text.ts';

export const addressSchema = z.strictObject({
  line_1: requiredText(limits.addressLineMax),
  line_2: optionalText(limits.addressLineMax),
  city: requiredText(limits.addressLineMax),
  state: optionalText(limits.addressLineMax),
  country: countryField,
  zipCode: optionalText(limits.zipMax),
});
export type AddressInput = z.input<typeof addressSchema>;

/** The editable fields every company (CMO, clinical site, imaging center) has. */
export const companyFieldsSchema = z.strictObject({
  name: requiredText(limits.nameMax),
  phoneNumber: phoneField.nullish(),
  timezone: timezoneField,
  address: addressSchema,
});
export type CompanyFields = z.input<typeof companyFieldsSchema>;

const linkIds = z.array(z.number().int().positive().max(ID_MAX, messages.invalidValue)).max(500);

/**
 * Clinical sites and imaging centers link to each other: a site's body names its imaging
 * centers, a center's body its clinical sites (the whole set; omitted leaves it as it is).
 */
export const companyLinkFields = {
  cmo: {},
  clinical_site: { imagingCenterIds: linkIds.optional() },
  imaging_center: { clinicalSiteIds: linkIds.optional() },
} as const;

export const companyCreateBodySchema = companyFieldsSchema.extend({
  ...mutationMeta,
  imagingCenterIds: linkIds.optional(),
  clinicalSiteIds: linkIds.optional(),
});
export type CompanyCreateBody = z.input<typeof companyCreateBodySchema>;

/** A partial update: only the fields sent change. */
export const companyUpdateBodySchema = companyFieldsSchema.partial().extend({
  ...mutationMeta,
  imagingCenterIds: linkIds.optional(),
  clinicalSiteIds: linkIds.optional(),
});
export type CompanyUpdateBody = z.input<typeof companyUpdateBodySchema>;

/** The request bodies of one company kind: only its own link field is accepted. */
export function companyBodySchemas(type: CompanyType) {
  const links = companyLinkFields[type];
  return {
    create: companyFieldsSchema.extend({ ...mutationMeta, ...links }),
    update: companyFieldsSchema.partial().extend({ ...mutationMeta, ...links }),
  };
}

export const addressOutSchema = z.object({
  line_1: z.string(),
  line_2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  zipCode: z.string().nullable(),
});

export const companySchema = z
  .object({
    id: z.number().int(),
    type: z.enum(companyTypes),
    name: z.string(),
    phoneNumber: z.string().nullable(),
    timezone: z.string(),
    address: addressOutSchema,
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
    /** On a clinical site: its linked imaging centers. */
    imagingCenters: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
    /** On an imaging center: its linked clinical sites. */
    clinicalSites: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof companySchema>;
