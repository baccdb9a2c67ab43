import { useId, type ComponentProps, type ReactNode } from 'react';
import { InputField } from '../../shared/form-field.tsx';
import { XAccountField } from '../x-account/x-account-field.tsx';

/** A labelled text area with its error under it, like InputField (multisig/form-field.tsx). */
export function TextAreaField({
  label,
  error,
  textareaProps,
  className = '',
}: {
  label: string;
  error: string | undefined;
  textareaProps: ComponentProps<'textarea'>;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-zinc-300">
        {label}
      </label>
      <textarea
        id={id}
        className="min-h-24 w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-zinc-100 aria-[invalid=true]:border-red-500/60"
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        {...textareaProps}
      />
      {error ? (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A titled group of a wizard step's fields, two columns wide on larger screens. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-zinc-200">{title}</legend>
      {children}
    </fieldset>
  );
}

/** One registered field of the form and its error. */
type Field = { error: string | undefined; inputProps: ComponentProps<'input'> };

/** The fields a collection's and an auction's information share, by their names in both forms. */
type SharedKey =
  | 'twitter_link'
  | 'discord_link'
  | 'telegram_link'
  | 'instagram_link'
  | 'creator_name'
  | 'creator_email'
  | 'creator_btc_address';

/** A field of the step's own form, registered, with its error. */
type FieldOf = (key: SharedKey) => Field;

/**
 * The Links section of a collection's and an auction's information: the website field is passed
 * as is (its name differs), the others come from the step's form by name.
 */
export function LinksSection({
  website,
  field,
  twitterValue,
}: {
  website: Field;
  field: FieldOf;
  twitterValue: string;
}) {
  const twitter = field('twitter_link');
  const discord = field('discord_link');
  const telegram = field('telegram_link');
  const instagram = field('instagram_link');
  return (
    <Section title="Links">
      <InputField
        label="Website"
        error={website.error}
        inputProps={{ type: 'url', placeholder: 'https://', ...website.inputProps }}
      />
      <XAccountField value={twitterValue} error={twitter.error} inputProps={twitter.inputProps} />
      <InputField
        label="Discord"
        error={discord.error}
        inputProps={{ placeholder: 'discord.gg/invite-code', ...discord.inputProps }}
      />
      <InputField
        label="Telegram"
        error={telegram.error}
        inputProps={{ placeholder: 't.me/yourname', ...telegram.inputProps }}
      />
      <InputField
        label="Instagram"
        error={instagram.error}
        inputProps={{ placeholder: 'instagram.com/yourname', ...instagram.inputProps }}
      />
    </Section>
  );
}

/** The Creator section of a collection's and an auction's information. */
export function CreatorSection({ field }: { field: FieldOf }) {
  const name = field('creator_name');
  const email = field('creator_email');
  const btcAddress = field('creator_btc_address');
  return (
    <Section title="Creator">
      <InputField label="Creator name" error={name.error} inputProps={name.inputProps} />
      <InputField
        label="Creator email"
        error={email.error}
        inputProps={{ type: 'email', ...email.inputProps }}
      />
      <InputField
        label="Creator BTC address"
        error={btcAddress.error}
        inputProps={{ spellCheck: false, ...btcAddress.inputProps }}
      />
    </Section>
  );
}
