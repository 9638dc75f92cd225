import {
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Text,
  tokens,
} from "@fluentui/react-components";
import { ArrowUpload20Regular } from "@fluentui/react-icons";
import { useRef, useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useImportStories } from "../../api/storyMutations";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "8px" },
  row: { display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  file: { color: tokens.colorNeutralForeground3, overflow: "hidden", textOverflow: "ellipsis", maxWidth: "100%" },
  errors: { margin: 0, paddingLeft: "18px" },
});

interface RowError {
  row: number;
  message: string;
}

/**
 * Import CSV (leader): columns issuekey,title,description,storypoint or a Jira export
 * (Issue key,Summary,Description). 'Import CSV' uploads the chosen file, or opens the picker
 * and uploads what is picked; the result shows the imported count (and how many descriptions
 * were shortened to a story's 5,000 characters, issue #23 section 2) or the row errors.
 */
export function CsvImport({ sessionId }: { sessionId: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const importStories = useImportStories(sessionId);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadOnPick = useRef(false);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<
    { imported: number; shortened: number } | { message: string; errors: RowError[] } | null
  >(null);

  const upload = async (chosen: File) => {
    setResult(null);
    const text = await chosen.text();
    importStories.mutate(text, {
      onSuccess: ({ imported, shortened }) => {
        setResult({ imported, shortened: shortened?.length ?? 0 });
        setFile(null);
        if (inputRef.current) inputRef.current.value = "";
        notify("Success", `Imported ${imported} ${imported === 1 ? "story" : "stories"}.`);
      },
      onError: (error) => {
        const errors = isApiError(error) && Array.isArray(error.body.errors) ? (error.body.errors as RowError[]) : [];
        const message = isApiError(error) ? error.serverMessage : "Failed to import stories.";
        setResult({ message, errors });
      },
    });
  };

  const onClick = () => {
    if (file) {
      void upload(file);
    } else {
      uploadOnPick.current = true;
      inputRef.current?.click();
    }
  };

  return (
    <div className={styles.root}>
      <input
        ref={inputRef}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="import-csv-input"
        onChange={(e) => {
          const picked = e.currentTarget.files?.[0] ?? null;
          setFile(picked);
          if (picked && uploadOnPick.current) void upload(picked);
          uploadOnPick.current = false;
        }}
      />
      <div className={styles.row}>
        <Button
          icon={<ArrowUpload20Regular />}
          onClick={onClick}
          disabled={importStories.isPending}
          data-testid="import-csv-button"
        >
          {importStories.isPending ? "Importing..." : "Import CSV"}
        </Button>
        {file ? <Text className={styles.file}>{file.name}</Text> : null}
      </div>
      {result && "imported" in result ? (
        <MessageBar intent="success" data-testid="import-result">
          <MessageBarBody>
            Imported {result.imported} {result.imported === 1 ? "story" : "stories"}
            {result.shortened > 0
              ? `; ${result.shortened} ${result.shortened === 1 ? "description was" : "descriptions were"} longer than 5,000 characters and shortened`
              : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {result && "errors" in result ? (
        <MessageBar intent="error" layout="multiline" data-testid="import-result">
          <MessageBarBody>
            <MessageBarTitle>Import failed</MessageBarTitle>
            {result.message}
            {result.errors.length > 0 ? (
              <ul className={styles.errors}>
                {result.errors.slice(0, 10).map((e) => (
                  <li key={`${e.row}-${e.message}`}>
                    Row {e.row}: {e.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
