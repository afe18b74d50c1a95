/**
 * The plugin settings the editor needs, printed by plugin/includes/blocks/register-blocks.php as
 * `window.studioDataEditor` before the blocks' editor scripts.
 */
export interface EditorSettings {
  /** The studio from the plugin settings, used when a block names none. */
  studioId: string;
  /** The locale from the plugin settings. */
  locale: string;
  /** Whether the API address is set. */
  configured: boolean;
  /** Where an administrator sets the plugin up. */
  settingsUrl: string;
  /** The plugin's clock when the editor opened (ms): what the pickers call now. */
  now: number;
}

declare global {
  interface Window {
    studioDataEditor?: Partial<EditorSettings>;
  }
}

export function editorSettings(): EditorSettings {
  const given = typeof window === 'undefined' ? undefined : window.studioDataEditor;
  return {
    studioId: given?.studioId ?? '',
    locale: given?.locale ?? '',
    configured: given?.configured ?? false,
    settingsUrl: given?.settingsUrl ?? '',
    now: given?.now ?? Date.now(),
  };
}

/** The studio a block shows: its own setting, else the plugin's. */
export function effectiveStudioId(blockStudioId: string): string {
  return blockStudioId.trim() || editorSettings().studioId;
}
