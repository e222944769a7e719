/** Van size and driver help pickers: radio groups of picture cards bound to the booking data. */
import { HELP_LEVEL_OPTIONS, VAN_SIZE_OPTIONS, VAN_SPECS, type HelpLevel, type VanSize } from '@vanhop/contracts';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { driverHelpChosen, vanSizeChosen } from '../../store/bookingSlice';

export function VanSizePicker() {
  const dispatch = useAppDispatch();
  const vanSize = useAppSelector((s) => s.booking.vanSize);
  return (
    <fieldset className="picker">
      <legend>Van size</legend>
      <div className="picker-options">
        {VAN_SIZE_OPTIONS.map((o) => (
          <label key={o.id} className={`picker-card${vanSize === o.value ? ' selected' : ''}`}>
            <input
              type="radio"
              name="vanSize"
              value={o.value}
              checked={vanSize === o.value}
              onChange={() => dispatch(vanSizeChosen(o.value as VanSize))}
            />
            <img src={o.imageSrc} alt="" width={120} height={63} />
            <span className="picker-title">{o.value}</span>
            <span className="picker-about">{VAN_SPECS[o.value].specifications.Payload}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function HelpPicker() {
  const dispatch = useAppDispatch();
  const help = useAppSelector((s) => s.booking.driverHelp);
  return (
    <fieldset className="picker">
      <legend>How much help do you need?</legend>
      <div className="picker-options">
        {HELP_LEVEL_OPTIONS.map((o) => (
          <label key={o.id} className={`picker-card${help === o.value ? ' selected' : ''}`}>
            <input
              type="radio"
              name="driverHelp"
              value={o.value}
              checked={help === o.value}
              onChange={() => dispatch(driverHelpChosen(o.value as HelpLevel))}
            />
            <img src={o.imageSrc} alt="" width={96} height={61} />
            <span className="picker-title">{o.value}</span>
            <span className="picker-about">{o.about}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
