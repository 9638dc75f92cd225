import { Button, Field, Input, makeStyles, Popover, PopoverSurface, PopoverTrigger } from "@fluentui/react-components";
import { startTimerSchema, TIMER_MAX_SECONDS, TIMER_MIN_SECONDS } from "@pointwise/core/roundTimer";
import { useState } from "react";

const useStyles = makeStyles({
  form: { display: "flex", alignItems: "flex-end", gap: "8px" },
  input: { width: "110px" },
});

/**
 * "Custom" round timer: a length in seconds, 30 s to 10 min (core startTimerSchema, the same
 * rule as the server's 400), started with `onStart(seconds)`.
 */
export function CustomTimerPopover({ disabled, onStart }: { disabled: boolean; onStart: (seconds: number) => void }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("90");
  const [error, setError] = useState<string | undefined>();

  const start = () => {
    const parsed = startTimerSchema.safeParse({ seconds: value.trim() === "" ? Number.NaN : Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setOpen(false);
    onStart(parsed.data.seconds);
  };

  return (
    <Popover open={open} onOpenChange={(_e, d) => setOpen(d.open)} trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button size="small" disabled={disabled} data-testid="timer-custom">
          Custom
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label="Custom timer">
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
        >
          <Field
            label="Seconds"
            hint={`${TIMER_MIN_SECONDS} s to ${TIMER_MAX_SECONDS / 60} min`}
            validationMessage={error}
          >
            <Input
              className={styles.input}
              type="number"
              min={TIMER_MIN_SECONDS}
              max={TIMER_MAX_SECONDS}
              step={1}
              value={value}
              onChange={(_e, d) => setValue(d.value)}
              data-testid="timer-custom-seconds"
            />
          </Field>
          <Button type="submit" appearance="primary" data-testid="timer-custom-start">
            Start
          </Button>
        </form>
      </PopoverSurface>
    </Popover>
  );
}
