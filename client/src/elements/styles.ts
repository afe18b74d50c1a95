/**
 * The elements' own styles, inside their shadow roots. Every colour, the font, the spacing and
 * the corner radius come from CSS custom properties that a site sets on the element or any parent;
 * `::part()` reaches every piece for anything more.
 */
export const STYLES = `
:host{display:block;font-family:var(--studio-font,inherit);color:var(--studio-text,#1f2937);background:var(--studio-background,transparent)}
:host([hidden]){display:none}
*{box-sizing:border-box}
ul{list-style:none;margin:0;padding:0;display:grid;gap:var(--studio-gap,.75rem)}
h2,h3,h4,h5,h6,p{margin:0}
[part~=day]{margin:0 0 var(--studio-gap,.75rem)}
[part~=day-heading]{font-size:1.1em;margin:0 0 .5rem}
[part~=item]{display:grid;gap:.25rem;padding:var(--studio-gap,.75rem);background:var(--studio-surface,#fff);border:1px solid var(--studio-border,#d1d5db);border-radius:var(--studio-radius,.5rem)}
[part~=name]{font-weight:600;font-size:1em}
[part~=time],[part~=meta],[part~=spots],[part~=price],[part~=availability]{color:var(--studio-muted,#4b5563)}
[part~=image]{width:4rem;height:4rem;object-fit:cover;border-radius:50%}
[part~=book-link]{justify-self:start;display:inline-block;margin-top:.25rem;padding:.4rem .9rem;border-radius:var(--studio-radius,.5rem);background:var(--studio-accent,#1d4ed8);color:var(--studio-accent-text,#fff);text-decoration:none;font-weight:600}
[part~=book-link]:hover{text-decoration:underline}
[part~=book-link]:focus-visible{outline:3px solid var(--studio-focus,#f59e0b);outline-offset:2px}
[part~=full]{font-weight:600}
[part~=subscribe]{margin-top:var(--studio-gap,.75rem);color:var(--studio-muted,#4b5563)}
[part~=subscribe] a{margin-inline-end:1rem;color:var(--studio-accent,#1d4ed8)}
[part~=booking-dialog]{width:min(40rem,96vw);height:min(52rem,92vh);padding:0;border:1px solid var(--studio-border,#d1d5db);border-radius:var(--studio-radius,.5rem)}
[part~=booking-dialog][open]{display:flex;flex-direction:column}
[part~=booking-dialog]::backdrop{background:rgb(0 0 0 / .5)}
[part~=booking-dialog-bar]{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.5rem .75rem;border-bottom:1px solid var(--studio-border,#d1d5db)}
[part~=booking-dialog-close]{font:inherit;padding:.3rem .8rem}
[part~=booking-frame]{flex:1;width:100%;border:0}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;
