import Download from 'lucide-react/icons/download';
import CopyButton from '../../ui/CopyButton';
import { buttonClass } from '../../ui/styles';

/**
 * Recovery codes, shown once: listed, and ready to copy or to save as a file, since a code written
 * down by hand is the one that fails when it is needed.
 */
export default function RecoveryCodes({ codes, site }: { codes: string[]; site: string }) {
  const text = `Recovery codes for ${site}. Each works once.\n\n${codes.join('\n')}\n`;
  return (
    <div role="status">
      <p className="text-sm font-medium text-ink">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and
        they are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <CopyButton text={text} copied="Recovery codes copied" />
        <a
          className={buttonClass({ variant: 'secondary' })}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </a>
      </div>
    </div>
  );
}
