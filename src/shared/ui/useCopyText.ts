import { useEffect, useState } from 'react';

/** How long a copy button says "Copied" before it reads "Copy" again. */
export const COPIED_FOR_MS = 1500;

/**
 * A copy button's state: `copy(text)` writes to the clipboard and `copied` stays true for 1.5 s after it worked
 * (a refused write clears it). Without a clipboard API nothing happens.
 */
export function useCopyText(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return { copied, copy };
}
