import type { PunchoutMessages } from '../punchout.messages';

/** A rating as five stars, read out as "n of 5 stars" (search results and product pages alike). */
export function StarRating(props: { t: PunchoutMessages; rating: number }) {
  const full = Math.round(props.rating);
  const label = props.t.stars(props.rating);
  return (
    <span class="punchout-stars" role="img" aria-label={label} title={label}>
      {'★'.repeat(full)}
      {'☆'.repeat(5 - full)}
    </span>
  );
}
