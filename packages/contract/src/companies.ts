import { z } from 'zod';
import { countryField, optionalText, phoneField, requiredText, timezoneField } from './fields.ts';
import { limits } from './limits.ts';
import { mutationMeta } from './mutation.ts';
import { companyTypes } from './roles.ts';

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

export const companyCreateBodySchema = companyFieldsSchema.extend(mutationMeta);
export type CompanyCreateBody = z.input<typeof companyCreateBodySchema>;

/** A partial update: only the fields sent change. */
export const companyUpdateBodySchema = companyFieldsSchema.partial().extend(mutationMeta);
export type CompanyUpdateBody = z.input<typeof companyUpdateBodySchema>;

export const addressOutSchema = z.object({
  line_1: z.string(),
  line_2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  zipCode: z.string().nullable(),
});

export const companySchema = z.object({
  id: z.number().int(),
  type: z.enum(companyTypes),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  timezone: z.string(),
  address: addressOutSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;
