/** What a screen hands the form of one item it creates or edits (banners, partners): the save and its outcome. */
export type ItemFormProps<Data> = {
  saving: boolean;
  /** The last save's error: a version conflict shows the notice that offers to reload. */
  saveError: unknown;
  onSave: (data: Data) => void;
  /** The form took the stored item a conflict answered with. */
  onReloaded: () => void;
  onCancel: () => void;
  alert: (message: string, title?: string) => void;
};
