import { Button, type ButtonProps } from "@/components/ui/Button";

/** 获取验证码 (or `label`), showing the seconds left and refusing presses until a code may be asked for again. */
export function SendCodeButton({ left, label = "获取验证码", disabled, ...props }: Omit<ButtonProps, "children"> & { left: number; label?: string }) {
  return (
    <Button variant="secondary" {...props} disabled={left > 0 || disabled}>
      {left > 0 ? `${left}秒` : label}
    </Button>
  );
}
