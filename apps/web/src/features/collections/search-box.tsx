import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  /** The search in the URL. */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
};

/** A search field that asks for a new search only when typing pauses; follows the URL back. */
export function SearchBox({ value, onSearch, label, placeholder, className = '' }: Props) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    // The URL changed under us (back button, a link): show its search.
    setSeenValue(value);
    if (value !== text.trim()) setText(value);
  }

  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const sent = useRef(debounced);
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    if (debounced !== value) onSearch(debounced);
  }, [debounced, value, onSearch]);

  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      className={`h-9 rounded-lg border border-zinc-700 bg-zinc-900 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-zinc-500 ${className}`}
    />
  );
}
