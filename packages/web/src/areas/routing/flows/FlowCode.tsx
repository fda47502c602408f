import { json } from '@codemirror/lang-json';
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror from '@uiw/react-codemirror';

const extensions = [json()];

/** The JSON code editor (CodeMirror 6); loaded only when a schema is shown as code. */
export function FlowCode({
  value,
  onChange,
  readOnly,
  label,
  height = '480px',
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  label: string;
  height?: string;
}) {
  const scheme = useComputedColorScheme('light');
  return (
    <CodeMirror
      value={value}
      height={height}
      theme={scheme}
      extensions={extensions}
      readOnly={readOnly}
      aria-label={label}
      basicSetup={{ tabSize: 4 }}
      indentWithTab
      onChange={onChange}
    />
  );
}
