export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first focusable element of a layout: keyboard users jump past the header and navigation to the
 * screen's content. Hidden until focused.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // The console's router would treat the hash as a navigation; move focus directly instead.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      style={SKIP_LINK_STYLE}
      onFocus={(e) => Object.assign(e.currentTarget.style, SKIP_LINK_FOCUSED)}
      onBlur={(e) => Object.assign(e.currentTarget.style, SKIP_LINK_STYLE)}
    >
      Skip to content
    </a>
  );
}

const SKIP_LINK_STYLE = {
  position: 'fixed',
  left: '8px',
  top: '-100px',
  zIndex: '1000',
  padding: '8px 16px',
  borderRadius: '6px',
  background: 'var(--mantine-color-indigo-8)',
  color: '#ffffff',
  fontWeight: '600',
  textDecoration: 'none',
} as const;
const SKIP_LINK_FOCUSED = { top: '8px' } as const;
