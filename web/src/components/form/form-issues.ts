import { type RefObject, useEffect, useState } from 'react';
import { type Control, type FieldValues, useWatch } from 'react-hook-form';
import type { z } from 'zod';

export interface FormIssue {
  name: string;
  label: string;
  message: string;
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
 * A schema's issues by dotted path, the first of each path only (as the form's resolver keeps
 * them), in the schema's order.
 */
export function schemaIssues(issues: readonly z.core.$ZodIssue[]): { name: string; message: string }[] {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    if (!byPath.has(name)) byPath.set(name, issue.message);
  }
  return [...byPath].map(([name, message]) => ({ name, message }));
}

/**
 * What keeps a form from being saved, field by field with its label: the schema the form is
 * validated with, run over the current values, without marking any field (an untouched field
 * stays uncoloured). Labels are read from the fields in `form`, so they are the ones the user sees.
 */
export function useFormIssues<T extends FieldValues, C, O extends FieldValues>(
  control: Control<T, C, O>,
  schema: z.ZodType,
  form: RefObject<Element | null>,
): FormIssue[] {
  const values = useWatch({ control });
  const [issues, setIssues] = useState<FormIssue[]>([]);
  useEffect(() => {
    let current = true;
    // Async: a refinement may be (the resolver parses asynchronously too).
    void schema.safeParseAsync(values).then((result) => {
      if (!current) return;
      setIssues(
        result.success
          ? []
          : schemaIssues(result.error.issues).map(({ name, message }) => ({
              name,
              message,
              label: fieldLabel(fieldElement(form.current, name)) ?? name,
            })),
      );
    });
    return () => {
      current = false;
    };
  }, [schema, values, form]);
  return issues;
}
