import { type RefObject, useEffect, useState } from 'react';
import { type Control, type FieldErrors, type FieldValues, useWatch } from 'react-hook-form';

export interface FormIssue {
  name: string;
  label: string;
  message: string;
}

/** The leaf errors of a resolver's answer, by dotted path (`address.country`, `roles.0.companyId`). */
export function flattenErrors(errors: FieldErrors, prefix = ''): { name: string; message: string }[] {
  const out: { name: string; message: string }[] = [];
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (!value || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') out.push({ name, message });
    else out.push(...flattenErrors(value as FieldErrors, name));
  }
  return out;
}

/** The text a user sees as a field's label, without the required mark. */
export function fieldLabel(element: unknown): string | undefined {
  if (!(element instanceof Element)) return undefined;
  const own =
    (element instanceof HTMLElement ? element.dataset.issueLabel : undefined) ??
    (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : undefined) ??
    element.getAttribute('aria-label') ??
    element.closest('.MuiFormControl-root')?.querySelector('label, legend')?.textContent;
  const text = own?.replace(/[\s\u2009]*\*\s*$/, '').trim();
  return text || undefined;
}

/** The element of a field in a form: its input by `name`, or the element marked with `data-field-name`. */
export function fieldElement(form: Element | null, name: string): Element | null {
  const quoted = JSON.stringify(name);
  return form?.querySelector(`[name=${quoted}], [data-field-name=${quoted}]`) ?? null;
}

/**
 * What keeps a form from being saved, field by field with its label: the form's own resolver run
 * over the current values, without marking any field (an untouched field stays uncoloured).
 * Labels are read from the fields in `form`, so they are the ones the user sees.
 */
export function useFormIssues<T extends FieldValues, C, O extends FieldValues>(
  control: Control<T, C, O>,
  form: RefObject<Element | null>,
): FormIssue[] {
  const values = useWatch({ control });
  const [issues, setIssues] = useState<FormIssue[]>([]);
  useEffect(() => {
    const resolver = control._options.resolver;
    if (!resolver) return;
    let current = true;
    void Promise.resolve(
      resolver(values as T, control._options.context, {
        fields: {},
        shouldUseNativeValidation: false,
        criteriaMode: 'firstError',
        names: undefined,
      }),
    ).then((result) => {
      if (!current) return;
      setIssues(
        flattenErrors(result.errors).map(({ name, message }) => ({
          name,
          message,
          label: fieldLabel(fieldElement(form.current, name)) ?? name,
        })),
      );
    });
    return () => {
      current = false;
    };
  }, [control, values, form]);
  return issues;
}
