import { Field, Input, Textarea } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { CriteriaEditor } from "./CriteriaEditor";

/** What the Add and Edit Story forms hold; checked by core's story schemas on submit. */
export interface StoryFormValues {
  title: string;
  description: string;
  acceptanceCriteria: string[];
  ticketNumber: string;
}

/**
 * The story fields shared by Add New Story and Edit Story (spec part 2 section 2): title
 * (1-200), description (4 rows, 5,000), acceptance criteria and ticket number (50), each with
 * its field message from `errors` (by field name).
 */
export function StoryFormFields({
  values,
  onChange,
  errors,
  titleTestId,
  autoFocus = false,
  afterTitle,
}: {
  values: StoryFormValues;
  onChange: (values: StoryFormValues) => void;
  errors: Record<string, string>;
  titleTestId: string;
  autoFocus?: boolean;
  /** Shown right under the title (Add Story's "Generate with PointBot"). */
  afterTitle?: ReactNode;
}) {
  const set = (patch: Partial<StoryFormValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <Field label="Title" required validationMessage={errors.title}>
        <Input
          value={values.title}
          maxLength={200}
          onChange={(_e, d) => set({ title: d.value })}
          data-testid={titleTestId}
          placeholder="As a user, I want to..."
          autoFocus={autoFocus}
        />
      </Field>
      {afterTitle}
      <Field label="Description" validationMessage={errors.description}>
        <Textarea
          value={values.description}
          rows={4}
          maxLength={5000}
          onChange={(_e, d) => set({ description: d.value })}
        />
      </Field>
      <Field label="Acceptance criteria" validationMessage={errors.acceptanceCriteria}>
        <CriteriaEditor criteria={values.acceptanceCriteria} onChange={(list) => set({ acceptanceCriteria: list })} />
      </Field>
      <Field label="Ticket number" validationMessage={errors.ticketNumber}>
        <Input
          value={values.ticketNumber}
          maxLength={50}
          onChange={(_e, d) => set({ ticketNumber: d.value })}
          placeholder="PROJ-123"
        />
      </Field>
    </>
  );
}
